"""ludi."""
