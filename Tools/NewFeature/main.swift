print("new-feature")
