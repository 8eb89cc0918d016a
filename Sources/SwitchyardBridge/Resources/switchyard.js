/*
 * switchyard.js: a web page's side of the Switchyard bridge. No dependencies.
 *
 *   Switchyard.call('myapp://order/new', { sku: 'A1' })
 *     .then(function (answer) { greet(answer.orderNumber); })
 *     .catch(function (error) { show(error.code, error.message); });
 *
 * open(url, params) resolves when the open ends, with the outcome's name ('openedPage',
 * 'performedAction'...); call(url, params) resolves with the route's answer (JSON). Both reject
 * with an Error whose code and message are the app's (error.code: 'notOpenToCaller',
 * 'rejected', 'originNotAllowed'...). When the page leaves, its calls still waiting reject
 * with 'pageLeft' and the app cancels them.
 *
 * Inside the app's WKWebView the messages go to window.webkit.messageHandlers.switchyard, and
 * no script can change that; elsewhere a page (or a test) hands its own transport to
 * Switchyard.useTransport(fn), where fn(text, { leaving }) returns a promise of the reply's text.
 */
(function () {
  'use strict';
  if (window.Switchyard) { return; }

  var nextId = 1;
  var waiting = new Map();
  var customTransport = null;
  // The app's handler, taken once at injection: inside the app no script of the page may swap
  // the transport for its own (it would read every call and forge the replies).
  var handlers = window.webkit && window.webkit.messageHandlers;
  var appHandler = (handlers && handlers.switchyard) || null;
  var page = newPageName();
  var leaving = false;

  function newPageName() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? '0' : '') + b.toString(16); }).join('');
  }

  function failure(code, message) {
    var error = new Error(message);
    error.name = 'SwitchyardError';
    error.code = code;
    return error;
  }

  function transport() {
    if (appHandler) { return function (text) { return appHandler.postMessage(text); }; }
    return customTransport;
  }

  function readReply(text) {
    var reply;
    try { reply = typeof text === 'string' ? JSON.parse(text) : text; } catch (e) { reply = null; }
    if (!reply || typeof reply !== 'object') { throw failure('malformedReply', 'the app sent a reply that is not a JSON object'); }
    if (reply.ok === true) { return reply.answer === undefined ? null : reply.answer; }
    var error = reply.error || {};
    throw failure(String(error.code || 'failed'), String(error.message || 'the app refused the call'));
  }

  function request(method, url, params) {
    if (leaving) { return Promise.reject(failure('pageLeft', 'the page is leaving')); }
    if (typeof url !== 'string' || url === '') { return Promise.reject(failure('invalidMessage', 'url must be a non-empty string')); }
    var send = transport();
    if (!send) { return Promise.reject(failure('noBridge', 'this page is not inside an app with the Switchyard bridge')); }
    var id = nextId++;
    var text;
    try {
      text = JSON.stringify({ page: page, id: id, method: method, url: url, params: params || {} });
    } catch (e) {
      return Promise.reject(failure('invalidMessage', 'params cannot be written as JSON: ' + e.message));
    }
    return new Promise(function (resolve, reject) {
      waiting.set(id, reject);
      Promise.resolve()
        .then(function () { return send(text, { leaving: false }); })
        .then(readReply)
        .then(function (answer) { if (waiting.delete(id)) { resolve(answer); } },
              function (error) {
                if (!waiting.delete(id)) { return; }
                reject(error && error.code ? error : failure('transportFailed', String(error && error.message || error)));
              });
    });
  }

  window.addEventListener('pagehide', function () {
    leaving = true;
    waiting.forEach(function (reject) { reject(failure('pageLeft', 'the page left before the call was answered')); });
    waiting.clear();
    var send = transport();
    if (send) {
      try { Promise.resolve(send(JSON.stringify({ page: page, method: 'leave' }), { leaving: true })).catch(function () {}); } catch (e) { /* leaving anyway */ }
    }
  });

  // Back from the back-forward cache: a new page as far as the app knows.
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) { page = newPageName(); leaving = false; }
  });

  window.Switchyard = Object.freeze({
    open: function (url, params) { return request('open', url, params); },
    call: function (url, params) { return request('call', url, params); },
    // Outside the app only (a test, a desktop browser); inside, it is refused.
    useTransport: function (send) {
      if (appHandler) { throw failure('transportFixed', 'inside the app the bridge keeps the app\'s transport'); }
      customTransport = send;
    }
  });
})();
