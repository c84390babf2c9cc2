"""Printable Roll & Write pads (player and facade sheet) as vector PDF, drawn from material data."""
