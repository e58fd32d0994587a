print("Demo: coming soon")
