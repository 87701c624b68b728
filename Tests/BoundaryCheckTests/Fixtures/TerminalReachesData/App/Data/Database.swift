/// The fixture's database, which the terminal must not reach.
public struct Database {}
