"""The platform every feature stands on: settings, the database and its store, security,
limits, languages, errors, background jobs and the services an app is given. It imports no
feature."""
