EXHAUST.X: no exhausted player may gain lifeevery player is exhausted or noot
