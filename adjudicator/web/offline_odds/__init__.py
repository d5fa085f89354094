"""War of the Ring battle and hunt-turn odds offline: the shell page and the engines it runs."""
