"""Who plays, without an account: a name and a secret in a cookie."""
