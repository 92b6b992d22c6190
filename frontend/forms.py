from django import forms
from django.contrib.auth import authenticate
from django.utils.translation import gettext_lazy as _
from django.contrib.auth.forms import UserCreationForm

from accounts.models import UsernameSkeleton
from accounts.names import reserved


class SignupForm(UserCreationForm):
    """A username and password, plus the email address password resets are sent to."""

    email = forms.EmailField(required=False, label=_("Email"),
                             help_text=_("Used only for password resets and notices you choose."))

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The site words this hint itself: Django's German for it misspells "dasselbe".
        self.fields["password2"].help_text = _("Type the same password again, to check it.")

    def clean_username(self):
        """Refuses a look-alike of an existing name ("аlice" with a Cyrillic "а", "ALICE", "A1ice"
        where "alice" exists: Unicode TR39 confusables and case; see accounts.names), and a name
        the site keeps for its bots and roles ("AI", "KI_2", "admin")."""
        username = super().clean_username()
        if username and reserved(username):
            raise forms.ValidationError(
                _("This name is kept for the site's own bots and staff. Please choose another."), code="reserved",
            )
        if username and UsernameSkeleton.taken(username):
            raise forms.ValidationError(
                _("This name looks too much like an existing player's name. Please choose another."),
                code="confusable",
            )
        return username


class CloseAccountForm(forms.Form):
    """The account's password, asked again before the account is closed. It is checked through
    the authentication backends, so that django-axes counts the misses as at sign-in (and its
    middleware answers a locked-out account's post with the sign-in's 429)."""

    password = forms.CharField(label=_("Your password"), strip=False,
                               widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}))

    def __init__(self, request, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.request = request

    def full_clean(self):
        super().full_clean()
        if self.errors:  # the page opens on the refused field, at the foot of a long page
            self.fields["password"].widget.attrs["autofocus"] = True

    def clean_password(self):
        password = self.cleaned_data["password"]
        if authenticate(self.request, username=self.request.user.get_username(), password=password) is None:
            raise forms.ValidationError(_("That is not your password."), code="wrong_password")
        return password
