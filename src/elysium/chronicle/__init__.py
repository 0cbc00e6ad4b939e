"""Events, the reducer, the command language and its handlers, the session and the store:
the chronicle as values and message keys, with no words of its own."""
