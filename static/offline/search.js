/* offline search ranker: see below */
