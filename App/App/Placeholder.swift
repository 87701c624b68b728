import CCrypt

// Placeholder until the app lands.
func hashProbe() -> String? {
    var data = crypt_data()
    return crypt_r("pw", "$y$j9T$abcdefghijklmnopqrstuv$", &data).map { String(cString: $0) }
}
