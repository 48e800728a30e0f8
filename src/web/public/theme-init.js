// Runs before the app so the first paint already has the right theme (no flash). Kept as a file,
// not inline, because the Content-Security-Policy allows no inline script.
(function () {
  try {
    var choice = localStorage.getItem('reelmates-theme') || 'system';
    var dark = choice === 'dark' || (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // storage unavailable: the default (system) theme applies
  }
})();
