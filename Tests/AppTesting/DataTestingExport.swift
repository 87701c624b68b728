// The app's tests use the data tests' support as their own: a temporary data directory, its database file read
// and written as another program would, and the scan for Swift's debug text.
@_exported import DataTesting
