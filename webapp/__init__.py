"""Web companion and command line of Copenhagen (the Flask app lands in a later issue)."""
