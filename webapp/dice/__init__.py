"""The dice roller's helpers: one shared screen rolls the dice for a table playing on paper."""
