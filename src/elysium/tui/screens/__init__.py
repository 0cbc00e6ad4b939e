"""The app's screens: the dashboard and the replay (a screen is never built without the
session or replay it shows), and the offer made when a chronicle is busy."""
