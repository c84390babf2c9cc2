"""The card edition's web helpers: building a tile step by step on a phone."""
