from django import forms
from django.contrib.auth.forms import UserCreationForm


class SignupForm(UserCreationForm):
    """A username and password, plus the email address password resets are sent to."""

    email = forms.EmailField(required=False, help_text="Used only for password resets and notices you choose.")

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
