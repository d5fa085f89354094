"""The Lord of the Rings TCG engine: deck lists, deck validation, formats and calculators.

Plain Python (no Django): the rules of the Fellowship rulebook (``lotr-tcg-rules``).
"""
