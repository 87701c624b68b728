// Text that mentions imports without being one: none of these is an import declaration.
// import OtherFeature
/* outer /* import OtherFeature */ import OtherFeature */
let template = """
    import OtherFeature
    \(1 + 1) "quoted" import OtherFeature
    """
let raw = #"import OtherFeature "# + "\("import OtherFeature")"
let rawMultiline = #"""
    import OtherFeature """ is still text
    """#
let pattern = #/import OtherFeature/#
func load(import module: String) {}
let value = configuration.import
