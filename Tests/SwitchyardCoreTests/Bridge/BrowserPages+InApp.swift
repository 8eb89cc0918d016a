/// The pages of the in-app transport's browser tests: each installs a stand-in for WebKit's
/// `window.webkit.messageHandlers.switchyard` before it loads `switchyard.js`, as the app's
/// injection at document start comes before any script of the page, and talks to the Swift
/// bridge through it alone.
extension BrowserPages {
    /// WebKit's side of the app's transport as `WKScriptMessageHandlerWithReply` gives it to a
    /// page: `postMessage(text)` hands the text to the app and returns a promise of its reply.
    /// The text goes to `shop`'s `/bridge`, whose query says what WebKit's `WKFrameInfo` tells the
    /// app: which web view (the page's own `view` query item) and whether the main frame posted
    /// it (`window.top === window`, where the stand-in runs). `bridge` picks the app's bridge;
    /// `name=fixed` makes `switchyard.js` name the page as every other page named so.
    static func standIn(shop: String) -> String {
        """
        <script>
        (function () {
          var query = new URLSearchParams(location.search);
          var endpoint = '\(shop)/bridge?view=' + encodeURIComponent(query.get('view') || '') +
            '&frame=' + (window.top === window ? 'main' : 'sub') + '&bridge=' + encodeURIComponent(query.get('bridge') || 'shop');
          var handler = { posted: 0 };
          handler.postMessage = function (body) {
            handler.posted += 1;
            // WebKit hands a message to the app even as its page unloads; a keepalive fetch does too (64 KB at most).
            return fetch(endpoint, { method: 'POST', body: body, keepalive: String(body).length < 60000, headers: { 'Content-Type': 'text/plain' } })
              .then(function (response) { return response.text(); });
          };
          window.webkit = { messageHandlers: { switchyard: handler } };
          if (query.get('name') === 'fixed') { window.crypto.getRandomValues = function (bytes) { bytes.fill(0x5a); return bytes; }; }
        })();
        </script>
        """
    }

    /// `report`, and `outcome` for a call whose answer or error the test lists in full;
    /// `failureCode` for a route's refusal, whose message is the app's to word.
    static func reporting(shop: String) -> String {
        """
        <script>
        function report(line) {
          return fetch('\(shop)/report', { method: 'POST', body: line, headers: { 'Content-Type': 'text/plain' } }).then(function (r) { return r.text(); });
        }
        window.onerror = function (message) { report('script error: ' + message); };
        function outcome(name, promise, suffix) {
          var more = suffix || function () { return ''; };
          return promise.then(function (answer) { return report(name + ': resolved ' + JSON.stringify(answer) + more()); },
                              function (error) { return report(name + ': rejected ' + error.code + ' ' + error.message + more()); });
        }
        function failureCode(name, promise) {
          return promise.then(function (answer) { return report(name + ': resolved ' + JSON.stringify(answer)); },
                              function (error) { return report(name + ': rejected, code ' + error.code); });
        }
        </script>
        """
    }

    /// The promo page inside the app (`/app.html?view=S`): answers and refusals through the
    /// app's handler, a refused swap of the transport, three frames inside it, then a call left
    /// waiting as it navigates away.
    static func inApp(shop: String, stranger: String) -> String {
        """
        <!doctype html><html><body><h1>Spring promo, in the app</h1>
        \(standIn(shop: shop))
        <script src="/switchyard.js"></script>
        \(reporting(shop: shop))
        <script>
        function inFrame(src) {
          return new Promise(function (resolve) {
            var frame = document.createElement('iframe');
            window.addEventListener('message', function heard(event) {
              if (event.source !== frame.contentWindow) { return; }
              window.removeEventListener('message', heard);
              resolve(event.data);
            });
            frame.src = src;
            document.body.appendChild(frame);
          });
        }
        (async function () {
          var app = window.webkit.messageHandlers.switchyard;
          await outcome('in-app answer', Switchyard.call('/order/new', { sku: 'A1', count: 2 }));
          await outcome('in-app open', Switchyard.open('/order/new'));
          await failureCode('in-app refusal', Switchyard.call('/order/refused'));
          await report('in-app malformed: ' + await app.postMessage('{"page":"p","id":1,'));

          var pages = 0;
          try {
            Switchyard.useTransport(function () { pages += 1; return Promise.resolve('{"ok":true,"answer":"forged"}'); });
            await report('transport swap: accepted');
          } catch (error) {
            await report('transport swap: refused ' + error.code + ' ' + error.message);
          }
          var before = app.posted;
          function carried() { return ' (' + (app.posted - before) + " through the app's handler, " + pages + " through the page's)"; }
          await outcome('after the refused swap', Switchyard.call('/order/new'), carried);
          // A page's script replacing the handler itself, after switchyard.js took it.
          window.webkit = { messageHandlers: { switchyard: { postMessage: function () { pages += 1; return Promise.resolve('{"ok":true,"answer":"forged"}'); } } } };
          before = app.posted;
          await outcome('handler replaced after load', Switchyard.call('/order/new'), carried);

          await report('same-origin frame: ' + await inFrame('/frame.html?view=S&bridge=shop'));
          await report('same-origin frame, subframes allowed: ' + await inFrame('/frame.html?view=S&bridge=frames'));
          await report('other-origin frame, subframes allowed: ' + await inFrame('\(stranger)/frame.html?view=S&bridge=frames'));

          Switchyard.call('/order/wait').catch(function () {});
          while ((await (await fetch('/waiting')).text()) === '0') { await new Promise(function (r) { setTimeout(r, 20); }); }
          await report('in-app leave: navigating with a call waiting');
          location.href = '/left.html';
        })();
        </script></body></html>
        """
    }

    /// A frame inside the in-app page, of `shop`'s server or another: it calls through its own
    /// stand-in (a subframe's, as WebKit would say) and tells its parent the outcome.
    static func frame(shop: String) -> String {
        """
        <!doctype html><html><body>
        \(standIn(shop: shop))
        <script src="\(shop)/switchyard.js"></script>
        <script>
        function tell(line) { parent.postMessage(line, '*'); }
        window.onerror = function (message) { tell('script error: ' + message); };
        Switchyard.call('/order/new', { from: 'frame' }).then(function (answer) { tell('resolved ' + JSON.stringify(answer)); },
                                                              function (error) { tell('rejected ' + error.code + ' ' + error.message); });
        </script></body></html>
        """
    }

    /// Where the in-app page goes: it says it arrived.
    static func left(shop: String) -> String {
        """
        <!doctype html><html><body><h1>Left</h1>
        \(reporting(shop: shop))
        <script>report('in-app leave: arrived on the next page').then(function () { return report('done'); });</script>
        </body></html>
        """
    }

    /// One of two web views showing the same page (`/view.html?view=A&name=fixed`): the same
    /// page name in both, and the same call ids. `open=B` opens the other web view first.
    static func webView(shop: String) -> String {
        """
        <!doctype html><html><body><h1>Order status</h1>
        \(standIn(shop: shop))
        <script src="/switchyard.js"></script>
        \(reporting(shop: shop))
        <script>
        (async function () {
          var query = new URLSearchParams(location.search);
          var view = query.get('view');
          if (query.get('open')) { window.open('/view.html?name=fixed&view=' + query.get('open')); }
          await outcome('web view ' + view + ', call 1', Switchyard.call('/hold', { view: view, call: '1' }));
          await outcome('web view ' + view + ', call 2', Switchyard.call('/hold', { view: view, call: '2' }));
          if (view === 'A') { await outcome('web view A, call 3 after it closed', Switchyard.call('/hold', { view: view, call: '3' })); }
        })();
        </script></body></html>
        """
    }
}
