"""Reading and parsing: bytes -> text -> hands -> typed events. No rules are checked here."""
