// reCAPTCHA v3 on the website's contact form (only served when a site key is configured): on submit,
// fetch a token, put it in the form's hidden field and send the form. Without JavaScript the form still
// posts and the server answers that the robot check needs it.
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.recaptcha || form.dataset.ready) return;
  const g = window.grecaptcha;
  if (!g) return;
  event.preventDefault();
  g.ready(() => {
    g.execute(form.dataset.recaptcha, { action: 'contact' }).then(
      (token) => {
        form.elements.namedItem('recaptcha').value = token;
        form.dataset.ready = '1';
        form.submit();
      },
      () => form.submit(),
    );
  });
});
