"""Export stored hands: PHH (phh.py, the academic hand-history format pokerkit reads) and
our event model as JSON (json_model.py, writer and reader)."""
