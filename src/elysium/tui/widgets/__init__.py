"""The dashboard's widgets: each computes what it shows from the state it is bound to."""
