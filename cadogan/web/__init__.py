"""The browser game: ``cadogan serve`` (command.py), the HTTP API (app.py) and the front end (static/)."""
