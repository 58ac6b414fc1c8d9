"""Running the flip7 check beyond one machine (Ray)."""
