/// The route manifests of the demo: the one bundled with the app, and the update its
/// "server" publishes during the tour.
public enum ShopManifests {
    /// The server's Ed25519 private key (base64). A real app ships only the public key.
    static let serverPrivateKey = "nHyeF25D6p1ODD2simtevQ7DFxZ5HKljZs1FS7is8XA="

    public static let bundled = """
        {
          "schemaVersion": 1,
          "manifestVersion": 1,
          "routes": [
            { "pattern": "/promo/:id", "kind": "web", "url": "https://m.shop.example.com/promo", "owner": "Web" }
          ],
          "aliases": { "openWeb": "Web/webPage" },
          "degrade": [
            { "pattern": "/live/*", "action": "fallbackToH5", "value": "https://m.shop.example.com/live" }
          ],
          "experiments": [
            { "name": "checkout", "pattern": "/checkout", "variants": [{ "name": "new", "share": 0.5, "redirect": "/checkout/new" }] }
          ]
        }
        """

    /// What a later version of the app ships with: the promo page is switched off.
    public static let promoSwitchedOff = """
        {
          "schemaVersion": 1,
          "manifestVersion": 3,
          "routes": [
            { "pattern": "/promo/:id", "kind": "web", "url": "https://m.shop.example.com/promo", "owner": "Web", "enabled": false }
          ]
        }
        """

    /// Version 2 adds deals, opened natively through the mediator.
    static let update = """
        {
          "schemaVersion": 1,
          "manifestVersion": 2,
          "routes": [
            { "pattern": "/deal/:id", "kind": "native", "target": "Product", "action": "detail", "owner": "Product" }
          ]
        }
        """
}
