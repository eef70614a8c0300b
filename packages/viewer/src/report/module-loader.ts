/**
 * The static report's module loader, an inline classic script. The browser code is several ES modules; a file
 * opened from disk cannot import siblings, so each module becomes a blob: URL (its relative imports rewritten to
 * the blob URLs of the modules they name, dependencies first) and the entry is imported from there. Nothing
 * leaves the page: blob: URLs are memory, not network.
 */
export const MODULE_LOADER = `(function () {
  var sources = JSON.parse(document.getElementById('ef-modules').textContent);
  var urls = {};
  function resolvePath(base, spec) {
    var parts = base.split('/');
    parts.pop();
    spec.split('/').forEach(function (p) { if (p === '..') parts.pop(); else if (p !== '.') parts.push(p); });
    return parts.join('/');
  }
  function load(path) {
    if (urls[path]) return urls[path];
    var src = sources[path];
    if (src === undefined) throw new Error('the report has no module ' + path);
    var code = src.replace(/(\\bfrom\\s*|\\bimport\\s*)(['"])(\\.{1,2}\\/[^'"]+)\\2/g, function (m, kw, q, spec) {
      return kw + q + load(resolvePath(path, spec)) + q;
    });
    urls[path] = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
    return urls[path];
  }
  function fail(e) { document.getElementById('app').textContent = 'This report could not start: ' + e; }
  // A module script element, not import(): a script element not yet run delays the load event,
  // so a browser that shoots the page at load (chromium --screenshot) sees the first view, not "Loading…".
  try {
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.src = load(ENTRY);
    entry.onerror = function () { fail('the entry module did not load'); };
    document.currentScript.after(entry);
  } catch (e) { fail(e); }
})();`;
