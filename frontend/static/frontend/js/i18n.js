// The page's words in the reader's language: Django's JavaScript catalog (loaded by base.html
// before any module) defines the globals; without it the English text is used as it stands.
// Call these by these names: makemessages finds the strings to translate by them.
const catalog = globalThis;

export function gettext(text) {
  return catalog.django ? catalog.django.gettext(text) : text;
}

export function ngettext(singular, plural, count) {
  if (catalog.django) return catalog.django.ngettext(singular, plural, count);
  return count === 1 ? singular : plural;
}

// A word whose translation depends on what it describes, named by `context`: pgettext("crate",
// "red") and pgettext("strip", "red") may differ where a colour agrees with its noun.
export function pgettext(context, text) {
  return catalog.django ? catalog.django.pgettext(context, text) : text;
}

// A name and what it says, with the colon the reader's language writes ("jade : 2" in French).
export function labelled(term, text) {
  return interpolate(gettext("%(term)s: %(text)s"), { term, text });
}

// interpolate("%(n)s tiles", { n: 2 }) and interpolate("%s of %s", [1, 3]).
export function interpolate(format, values) {
  if (Array.isArray(values)) {
    let index = 0;
    return format.replace(/%s/g, () => String(values[index++]));
  }
  return format.replace(/%\((\w+)\)s/g, (_, key) => String(values[key]));
}
