// Placeholder until the app lands.
