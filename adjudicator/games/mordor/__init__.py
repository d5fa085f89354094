"""Journey to Mordor («Бросок в Мордор»): keep checker, turn resolution, exact turn odds."""
