"""The bare Channels fan-out and template page the site's figures are read against."""
