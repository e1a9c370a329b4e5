// Starts Redoc on #redoc with the document its data-spec-url names. A file of its own because the
// CSP allows no inline script. Search is off: Redoc runs it in a blob: worker, which the CSP
// (script-src 'self', no worker-src) forbids.
(function () {
  var element = document.getElementById('redoc');
  if (!element || !window.Redoc) return;
  window.Redoc.init(
    element.getAttribute('data-spec-url'),
    { disableSearch: true, expandResponses: '200,204', jsonSampleExpandLevel: 2 },
    element,
  );
})();
