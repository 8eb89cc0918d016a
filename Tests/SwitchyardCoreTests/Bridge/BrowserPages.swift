/// The pages the browser test loads: each uses `switchyard.js` as a shop's H5 page would, its
/// messages carried to the Swift bridge by `fetch` (a WKWebView carries them by message handler).
enum BrowserPages {
    /// The transport and a `report` function, for a page served by either server.
    static func prelude(bridge: String) -> String {
        """
        <script>
        var bridgeURL = '\(bridge)/bridge';
        function post(url, text) {
          return fetch(url, { method: 'POST', body: text, headers: { 'Content-Type': 'text/plain' } }).then(function (r) { return r.text(); });
        }
        Switchyard.useTransport(function (text, options) {
          if (options && options.leaving) { navigator.sendBeacon(bridgeURL, text); return Promise.resolve('{"ok":true}'); }
          return post(bridgeURL, text);
        });
        function report(line) { return post('\(bridge)/report', line); }
        window.onerror = function (message) { report('script error: ' + message); };
        function outcome(name, promise) {
          return promise.then(function (answer) { return report(name + ': resolved ' + JSON.stringify(answer)); },
                              function (error) { return report(name + ': rejected ' + error.code + ' ' + error.message); });
        }
        </script>
        """
    }

    /// The promo page: an answer, a refusal, a malformed and an oversized message, then a call
    /// left waiting as the page navigates away.
    static func promo(bridge: String) -> String {
        """
        <!doctype html><html><body><h1>Spring promo</h1>
        <script src="/switchyard.js"></script>
        \(prelude(bridge: bridge))
        <script>
        (async function () {
          await outcome('answer', Switchyard.call('/order/new', { sku: 'A1', count: 2 }));
          await outcome('refusal', Switchyard.call('/order/refused'));
          await report('malformed: ' + await post(bridgeURL, '{"page":"p","id":1,'));
          await outcome('oversized', Switchyard.call('/order/new', { pad: 'x'.repeat(70000) }));
          Switchyard.call('/order/wait').catch(function () {});
          while ((await (await fetch('/waiting')).text()) === '0') { await new Promise(function (r) { setTimeout(r, 20); }); }
          await report('leave: navigating with a call waiting');
          location.href = '/thanks.html';
        })();
        </script></body></html>
        """
    }

    /// Where the promo page goes: it says it arrived, then goes to the page of another origin.
    static func thanks(bridge: String, stranger: String) -> String {
        """
        <!doctype html><html><body><h1>Thanks</h1>
        <script>
        fetch('/report', { method: 'POST', body: 'leave: arrived on the next page' }).then(function () { location.href = '\(stranger)/stranger.html'; });
        </script></body></html>
        """
    }

    /// A page of another origin (another port) calling the bridge of the first.
    static func stranger(bridge: String) -> String {
        """
        <!doctype html><html><body><h1>Not the shop</h1>
        <script src="\(bridge)/switchyard.js"></script>
        \(prelude(bridge: bridge))
        <script>
        outcome('other origin', Switchyard.call('/order/new')).then(function () { return report('done'); });
        </script></body></html>
        """
    }
}
