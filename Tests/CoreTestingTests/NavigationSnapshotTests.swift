import Core
import ExecutableTesting
import Foundation
import Testing

@testable import CoreTesting

@Suite("Navigation snapshots")
@MainActor
struct NavigationSnapshotTests {
    /// A window with a navigation stack of two screens and a sheet over it, and a tree of two coordinators.
    static func scene() throws -> (Window, Coordinator, ProfileCoordinator) {
        let window = Window()
        let navigation = try NavigationController(root: TestRootScreen(screenID: "home"))
        try window.setRootViewController(navigation)
        let profile = ProfileScreen(screenID: "profile")
        profile.title = "Profile"
        try navigation.push(profile)
        try navigation.present(TestRootScreen(screenID: "sheet"), style: .pageSheet)
        let root = NamedCoordinator("Root")
        let child = ProfileCoordinator(screen: profile)
        try root.addChild(child)
        return (window, root, child)
    }

    /// A test file in a fresh temporary folder, so the snapshots it records land there.
    static func scratchTestFile() -> URL {
        ScratchSpace.directory.appendingPathComponent("snapshots-\(UUID().uuidString)")
            .appendingPathComponent("ProfileTests.swift")
    }

    @Test("The text holds every screen, nested as shown, with its content, and the coordinator tree")
    func text() throws {
        let (window, root, _) = try Self.scene()
        #expect(
            window.navigationText(coordinators: root) == """
                screens:
                  navigation
                    home
                    profile "Profile"
                      text: About
                      field name "Name": "Ada"
                      field password "Password" secure: "••••••"
                      button save "Save"
                      list empty: Nothing yet
                      list rows
                        row 1 "Row" | Sub | 1h
                      segments s: [Alpha]
                      error: Oops
                    sheet (presented pageSheet, on top)
                coordinators:
                  Root
                    profile

                """)
        root.stop()
    }

    @Test("A missing snapshot is recorded beside the test file; the same navigation then matches")
    func recordsThenMatches() throws {
        let (window, root, _) = try Self.scene()
        let testFile = Self.scratchTestFile()
        defer { try? FileManager.default.removeItem(at: testFile.deletingLastPathComponent()) }
        let first = try verifyNavigationSnapshot(
            of: window, coordinators: root, named: "profile sheet", filePath: testFile.path, recordAgain: false)
        #expect(first == .recorded)
        let stored = testFile.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/ProfileTests/profile-sheet.txt")
        #expect(try String(contentsOf: stored, encoding: .utf8) == window.navigationText(coordinators: root))
        let second = try verifyNavigationSnapshot(
            of: window, coordinators: root, named: "profile sheet", filePath: testFile.path, recordAgain: false)
        #expect(second == .matched)
        root.stop()
    }

    @Test("A different navigation fails with a line diff; recording again replaces the snapshot")
    func differsThenRecordsAgain() throws {
        let (window, root, child) = try Self.scene()
        let testFile = Self.scratchTestFile()
        defer { try? FileManager.default.removeItem(at: testFile.deletingLastPathComponent()) }
        _ = try verifyNavigationSnapshot(
            of: window, coordinators: root, named: "scene", filePath: testFile.path, recordAgain: false)
        try root.removeChild(child)
        let failure = #expect(throws: SnapshotFailure.self) {
            try verifyNavigationSnapshot(
                of: window, coordinators: root, named: "scene", filePath: testFile.path, recordAgain: false)
        }
        #expect(failure?.diff.contains("    Root\n-     profile\n") == true, "\(failure?.diff ?? "")")
        #expect(failure?.description.contains("SNAPSHOT_RECORD=1") == true)
        let again = try verifyNavigationSnapshot(
            of: window, coordinators: root, named: "scene", filePath: testFile.path, recordAgain: true)
        #expect(again == .rerecorded)
        #expect(
            try verifyNavigationSnapshot(
                of: window, coordinators: root, named: "scene", filePath: testFile.path, recordAgain: false)
                == .matched)
        root.stop()
    }

    @Test("A snapshot that cannot be written is a failure that names the file, not a crash")
    func unwritable() throws {
        let window = Window()
        let failure = #expect(throws: SnapshotFailure.self) {
            try verifyNavigationSnapshot(
                of: window, coordinators: nil, named: "x", filePath: "/proc/no-such-folder/Tests.swift",
                recordAgain: false)
        }
        #expect(failure?.fileProblem?.hasPrefix("cannot be written") == true)
        #expect(window.navigationText() == "screens:\n  (no root screen)\n")
    }

    @Test("The public check reads SNAPSHOT_RECORD and records a missing snapshot beside the test file")
    func publicCheck() throws {
        let (window, root, _) = try Self.scene()
        let testFile = Self.scratchTestFile()
        defer { try? FileManager.default.removeItem(at: testFile.deletingLastPathComponent()) }
        #expect(
            try verifyNavigationSnapshot(of: window, coordinators: root, named: "a", filePath: testFile.path)
                == .recorded)
        root.stop()
    }

    @Test("The diff marks removed, added and kept lines")
    func diff() {
        #expect(LineDiff.text(from: "a\nb\nc", to: "a\nc\nd") == "  a\n- b\n  c\n+ d")
        #expect(SnapshotFileName.sanitized("log in / wrong") == "log-in---wrong")
        #expect(SnapshotFileName.sanitized("..") == "snapshot")
    }
}
