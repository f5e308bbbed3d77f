import Testing
@testable import TesseraCore
@testable import TesseraPortal

/// What the portal's values mean before they reach the appearance.
@Suite struct PortalValueTests {
    @Test func anAccentIsAnSRGBTripleInRange() {
        #expect(PortalClient.accent(0.1, 0.6, 0.3) == Color(red: 0.1, green: 0.6, blue: 0.3))
        #expect(PortalClient.accent(0, 0, 0) == Color(red: 0, green: 0, blue: 0))
        // The portal's way to say "no accent" is a value out of range; so is anything absurd.
        #expect(PortalClient.accent(-1, -1, -1) == nil)
        #expect(PortalClient.accent(1.5, 0.2, 0.2) == nil)
        #expect(PortalClient.accent(.nan, 0.2, 0.2) == nil)
    }
}
