/* The shell's outage screen (issue 42): before the app boots, a reload during an outage must not be a
   blank page. Shown when the app's code fails to load (the module script or a preloaded file) or when
   the app reports that its first API call found no server; it retries the server and reloads once it
   answers. A classic script from the server itself (the policy allows no inline script), so it runs
   before any module; the texts are here because the app's translations may be what failed to load. */
(function () {
  var TEXTS = {
    'zh-TW': {
      title: '無法連線至伺服器',
      content: '目前無法連線至伺服器，系統尚未載入。請檢查網路連線；伺服器恢復後，這個頁面會自動重新載入。',
      reload: '重新整理',
    },
    'en-US': {
      title: 'Cannot reach the server',
      content: 'The server cannot be reached, so the application has not loaded. Check the network; this page reloads by itself once the server is back.',
      reload: 'Reload',
    },
  };
  var RETRY_MS = 15000;
  var booted = false;
  var shown = false;

  function language() {
    try {
      var saved = localStorage.getItem('app_language');
      if (saved && TEXTS[saved]) return saved;
    } catch (e) {
      /* storage refused: the default language */
    }
    return 'zh-TW';
  }

  function show() {
    if (booted || shown) return;
    shown = true;
    var lang = language();
    var t = TEXTS[lang];
    var root = document.getElementById('root') || document.body;
    var box = document.createElement('main');
    box.className = 'shell-outage';
    box.setAttribute('role', 'alert');
    box.setAttribute('lang', lang);
    box.setAttribute('data-testid', 'server-unreachable');
    var h1 = document.createElement('h1');
    h1.textContent = t.title;
    var p = document.createElement('p');
    p.textContent = t.content;
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = t.reload;
    button.addEventListener('click', function () {
      location.reload();
    });
    box.appendChild(h1);
    box.appendChild(p);
    box.appendChild(button);
    root.replaceChildren(box);
    document.title = t.title;
    setInterval(function () {
      fetch('/api/health', { cache: 'no-store' }).then(
        function (res) {
          if (res.ok) location.reload();
        },
        function () {
          /* still down */
        },
      );
    }, RETRY_MS);
  }

  // Resource errors do not bubble: caught on the way down, for the app's own scripts and preloads only.
  window.addEventListener(
    'error',
    function (event) {
      var el = event.target;
      if (!el || (el.tagName !== 'SCRIPT' && el.tagName !== 'LINK')) return;
      var url = el.src || el.href || '';
      if (url.indexOf(location.origin + '/') === 0) show();
    },
    true,
  );
  window.addEventListener('bo:server-unreachable', show);
  window.addEventListener('bo:booted', function () {
    booted = true;
  });
})();
