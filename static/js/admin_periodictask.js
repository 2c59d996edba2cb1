// The admin's periodic-task form (django-celery-beat): under the crontab field, the chosen schedule in
// words. It replaces the package's inline script, which the Content-Security-Policy blocks.
(function () {
  const $ = window.django && window.django.jQuery;
  const data = document.getElementById("readable-crontabs");
  if (!$ || !data) return;
  const readable = JSON.parse(data.textContent);
  $(function () {
    const help = document.querySelector(".field-crontab .help");
    const original = help ? help.textContent.trim() : "";
    $(".field-crontab_translation").hide();
    $(".field-crontab").change(function () {
      if (!help) return;
      help.textContent = original;
      help.append(document.createElement("br"), `Translation: ${readable[$("#id_crontab").val()] || ""}`);
    });
  });
})();
