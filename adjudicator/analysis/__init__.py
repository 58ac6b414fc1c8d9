"""Decision analysis of recorded games: the value of every hit, stay and target."""
