// A page the server drew (a profile, ADR 094) is seen before its code runs: the code is asked for
// once the page has painted, so on a slow phone it does not compete with the stylesheet and the
// images for the first paint, and links work as links until the page is interactive. The server
// writes this script in place of the entry's, naming the entry and the page's chunks. A file, not
// inline, because the Content-Security-Policy allows no inline script.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (script.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    chunks.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  // After the first frame is on screen: a callback of the frame after it is sure to be (one frame's
  // callback runs before that frame is painted and shown). A tab in the background paints no frame,
  // so at most a second later.
  requestAnimationFrame(function () {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  });
  setTimeout(start, 1000);

  // Until React has taken the page over, its controls cannot act (styles.css keeps clicks off them),
  // yet the keyboard reaches them: Enter or Space pressed on one is kept (once, however often it was
  // pressed) and acts when the page is ready, if the focus is still on it. Without this a keyboard
  // user's press on a slow phone was lost, and Enter on a drawn form's button would have sent the form as a GET.
  var root = document.getElementById('root');
  if (!root || !root.hasAttribute('data-hydrating')) return;
  var CONTROL = 'button, [role="button"], [role="tab"], [role="combobox"], input[type="checkbox"], input[type="radio"]';
  var pressed = null;
  function onKey(event) {
    if (!root.hasAttribute('data-hydrating') || (event.key !== 'Enter' && event.key !== ' ')) return;
    var target = event.target;
    if (!(target instanceof Element) || !root.contains(target) || !target.matches(CONTROL)) return;
    event.preventDefault();
    pressed = target;
  }
  document.addEventListener('keydown', onKey, true);
  new MutationObserver(function (changes, observer) {
    if (root.hasAttribute('data-hydrating')) return;
    observer.disconnect();
    document.removeEventListener('keydown', onKey, true);
    if (pressed && pressed.isConnected && document.activeElement === pressed) pressed.click();
    pressed = null;
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrating'] });
})();
