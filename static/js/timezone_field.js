// Sign-up: fills the form's hidden time_zone field with the browser's own zone (an IANA name such as
// "Europe/Amsterdam"), so a new player's times show in their zone from the start.  The server keeps it
// only when it is one of the profile's choices (accounts/forms.py); without JavaScript it stays UTC.
const field = document.querySelector('form input[type="hidden"][name="time_zone"]');
if (field && !field.value) {
  try { field.value = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { /* an old browser */ }
}
