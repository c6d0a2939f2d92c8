/* The first signed-in screen's files and calls, asked for as soon as the page starts (issue 42 item 4): on an
   admin path with a stored, unexpired session, the layout's chunks and stylesheets (and on /admin the
   overview's) download beside the entry's instead of after it has arrived and run, and so do the screen's
   first GET calls (settings, organizations, profile, the device list), with the headers the app's own client
   sends. index.html lists both (vite-plugins/first-screen-preload.ts); the app asks for the same files later
   and the browser hands over what it already has, and its client takes each call's answer once, for the
   same token (src/lib/first-screen-calls.ts). A classic script from the server itself, as the policy allows
   no inline script. */
(function () {
  try {
    var list = document.getElementById('first-screen-files');
    var path = location.pathname.replace(/\/+$/, '');
    if (!list || (path !== '/admin' && path.indexOf('/admin/') !== 0)) return;
    var token = null;
    try {
      token = localStorage.getItem('admin_token');
    } catch (e) {
      /* storage refused: the cookie the app falls back on */
    }
    if (!token) {
      var cookie = document.cookie.split('; ').filter(function (c) {
        return c.indexOf('admin_token=') === 0;
      })[0];
      token = cookie ? decodeURIComponent(cookie.slice('admin_token='.length)) : null;
    }
    if (!token) return;
    var body = token.split('.')[1] || '';
    var payload = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/')));
    if (!(payload.exp * 1000 > Date.now())) return;
    var files = JSON.parse(list.textContent);
    var wanted = files.admin.concat(path === '/admin' ? files.overview : []);
    for (var i = 0; i < wanted.length; i++) {
      var link = document.createElement('link');
      if (/\.css$/.test(wanted[i])) {
        link.rel = 'preload';
        link.as = 'style';
      } else {
        link.rel = 'modulepreload';
      }
      // The credentials mode of the app's own module scripts and stylesheets (crossorigin), so theirs reuse these.
      link.crossOrigin = '';
      link.href = wanted[i];
      document.head.appendChild(link);
    }
    var fingerprint = null;
    try {
      fingerprint = localStorage.getItem('app_fingerprint');
    } catch (e) {
      /* the app's client makes its calls itself */
    }
    if (!fingerprint || fingerprint.length < 16 || !window.fetch || !files.calls) return;
    var calls = files.calls.admin.concat(path === '/admin' ? files.calls.overview : []);
    var early = {};
    for (var j = 0; j < calls.length; j++) {
      var headers = { accept: 'application/json', authorization: 'Bearer ' + token };
      headers[files.calls.fingerprintHeader] = fingerprint;
      var answer = fetch(calls[j], { headers: headers });
      // Handled by the client when it takes it; an answer it never takes must not be an unhandled rejection.
      answer.catch(function () {});
      early[calls[j]] = { token: token, answer: answer };
    }
    window.__boFirstScreenCalls = early;
  } catch (e) {
    /* a malformed token or list: the app asks for its files itself */
  }
})();
