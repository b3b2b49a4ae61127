"""Trained PHI taggers: a CRF and Hugging Face token classifiers, from tokenisation to training.

==================  =============================================================
``pieces``          the units a tagger labels, BIO tags <-> spans, tagging windows
``features``        the CRF's features of pieces (shapes, context, rule/lexicon hits)
``crf``             the CRF detector on python-crfsuite: train, save, tag
``transformer``     local Hugging Face token classifiers: fine-tune and tag
``load``            ``load_model_detector``: any model folder (or a bundled name) -> detector
``train``           ``train_model``, behind ``phisift train``: model folder with dev figures
==================  =============================================================

Nothing is imported here: torch and crfsuite load only when a tagger is used.
"""
