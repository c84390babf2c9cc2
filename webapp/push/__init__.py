"""Server push of every change of a game to the pages showing it: the hub and the stream route."""
