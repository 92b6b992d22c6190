"""A day in the reader's long form, as the pages write it ("1er décembre 2026" in French)."""
from __future__ import annotations

import datetime

from django import template
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import get_language

register = template.Library()


@register.filter
def long_date(day: datetime.date | datetime.datetime) -> str:
    """Django's DATE_FORMAT, but French writes the first of a month as an ordinal ("1er"), which
    no date format character gives. A moment is read on the site's clock, as Django's date filter does."""
    if isinstance(day, datetime.datetime) and timezone.is_aware(day):
        day = timezone.localtime(day)
    words = date_format(day, "DATE_FORMAT")
    if day.day == 1 and (get_language() or "").startswith("fr"):
        words = "1er" + words[1:]
    return words
