print("ScanBenchmark: coming soon")
