/// The fixture's session interface, which the flows implement and the terminal drives.
public protocol AppSession {}
