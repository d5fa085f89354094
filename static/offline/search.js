/* The rulebooks searched in the browser (docs/offline.md): the index written by
   `manage.py build_offline_search` with the server's own analysis, ranked as the server ranks
   (BM25F over titles and bodies, the title boosted, a word's first letters, the glossary's
   names in the other languages, English words' Russian translations, the share of the
   question's words a section holds squared, a heading naming them all; each section's heading
   translated and its key terms in the languages its book is not written in, the questions it
   answers in all three). Also run by node in
   the tests (tests/offline/test_offline_search.py) to measure it on the question benchmark. */
(function (root) {
  "use strict";
  var LANGUAGES = ["ru", "pl"];
  /* The ranking's weights are the server's own, written into the index
     (adjudicator/web/offline/search_export.py, "weights"). The fields the server adds to a
     section per query analysis: its translated headings (weighed as a title), key terms and
     questions; "ru" reads Russian and English (a Latin word's English stem), "pl" Polish. Each:
     [field, its weight's name, its language, whether it tells a section's book: only an English
     one does (engine._voting)]. */
  var ADDED = {
    ru: [["translated_ru", "translated", "ru", false], ["keyterms_ru", "keyterms", "ru", false],
      ["asks_ru", "asks", "ru", false], ["translated_en", "translated", "en", true],
      ["keyterms_en", "keyterms", "en", false], ["asks_en", "asks", "en", false]],
    pl: [["translated_pl", "translated", "pl", false], ["keyterms_pl", "keyterms", "pl", false],
      ["asks_pl", "asks", "pl", false]]
  };
  function addedWeight(weights, field) {
    var weight = weights[field[1]];
    return typeof weight === "number" ? weight : weight[field[2]];
  }
  function analysisOf(language) { return language === "pl" ? "pl" : "ru"; }
  /* Russian typed in Latin letters: the server's key (rules_corpus/search/translit.py). */
  var VARIANTS = [["shch", "W"], ["sch", "W"], ["tch", "Q"], ["ch", "Q"], ["sh", "S"], ["zh", "Z"],
    ["kh", "H"], ["ts", "C"], ["tz", "C"], ["x", "H"], ["h", "H"], ["c", "C"], ["w", "v"],
    ["y", "i"], ["j", "i"], ["'", ""], ["`", ""]];
  var VARIANT = new RegExp(VARIANTS.map(function (v) { return v[0]; }).join("|"), "g");
  var REPLACEMENT = {};
  VARIANTS.forEach(function (v) { REPLACEMENT[v[0]] = v[1]; });
  /* A Russian verb's or adjective's stem, roughly (the server's Snowball stem): its lemma
     without the ending, so that "снять" finds «снятие». */
  var ENDING = /(ться|ть|ти|ся|ие|ия|ый|ий|ой|ая|ое|ые|а|я|о|е|ь|й|ы|и|у|ю)$/;

  function latinKey(word) {
    return fold(word).replace(VARIANT, function (m) { return REPLACEMENT[m]; });
  }

  /* Levenshtein distance with adjacent transpositions counted as one edit. */
  function distance(a, b) {
    var before = [], previous = [], current;
    for (var j = 0; j <= b.length; j++) previous.push(j);
    for (var i = 1; i <= a.length; i++) {
      current = [i];
      for (j = 1; j <= b.length; j++) {
        current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] !== b[j - 1] ? 1 : 0));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          current[j] = Math.min(current[j], before[j - 2] + 1);
        }
      }
      before = previous; previous = current;
    }
    return previous[b.length];
  }
  var WORD = /[\p{L}\p{N}\p{M}_]+/gu;
  var CYRILLIC = /^[^\p{L}]*[\u0400-\u04ff]/u;

  function fold(word) {
    word = word.toLowerCase().replace(/ł/g, "l").replace(/ё/g, "е");
    if (CYRILLIC.test(word)) return word;
    return word.normalize("NFKD").replace(/\p{M}/gu, "");
  }

  function Index(data) {
    this.data = data;
    this.stop = new Set(data.stop);
    this.n = data.docs.length;
    var sum = function (a) { return a.reduce(function (s, x) { return s + x; }, 0); };
    this.avg = {};
    var self = this;
    Object.keys(data.lengths).forEach(function (kind) { self.avg[kind] = sum(data.lengths[kind]) / self.n || 1; });
    this.known = {};
    this.added = {};
    this.translated = {};
    LANGUAGES.forEach(function (language) {
      var added = new Set();
      ADDED[language].forEach(function (field) {
        Object.keys(data.postings[field[0]] || {}).forEach(function (t) { added.add(t); });
      });
      self.added[language] = added;
      var terms = new Set(Object.keys(data.postings["title_" + language] || {}));
      Object.keys(data.postings["body_" + language] || {}).forEach(function (t) { terms.add(t); });
      self.known[language] = terms;
    });
    data.glossary.forEach(function (names) {
      names.forEach(function (name) { name[1].forEach(function (t) { self.known[name[0]].add(t); }); });
    });
    this.russian = Array.from(this.known.ru).sort();
    this.keys = Object.keys(data.translit);
  }

  /* The Russian words a Latin word may be typed for (its key, or one edit from it). */
  Index.prototype.transliterated = function (word) {
    if (CYRILLIC.test(word) || /^\d+$/.test(word) || word.length < 3) return [];
    var key = latinKey(word), found = this.data.translit[key];
    if (!found && key.length >= 5) {
      var close = this.keys.filter(function (k) { return Math.abs(k.length - key.length) <= 1 && distance(k, key) <= 1; });
      found = [].concat.apply([], close.map(function (k) { return this.data.translit[k]; }, this));
    }
    return (found || []).slice(0, this.data.weights.maxTranslit);
  };

  /* The rulebooks' words within one edit (two from eight letters) of an unknown word. */
  Index.prototype.near = function (word) {
    var folded = fold(word);
    if (folded.length < 5 || /^\d+$/.test(folded)) return [];
    var allowed = folded.length <= 7 ? 1 : 2, start = folded.slice(0, folded.length < 7 ? 1 : 2);
    var found = this.data.surface.filter(function (w) {
      return w.startsWith(start) && Math.abs(w.length - folded.length) <= allowed;
    }).map(function (w) { return [distance(folded, w), w]; }).filter(function (p) { return p[1] !== folded && p[0] <= allowed; });
    found.sort(function (a, b) { return a[0] - b[0]; });  // stable: commonest first within a distance
    return found.slice(0, this.data.weights.maxNear).map(function (p) { return p[1]; });
  };

  /* The Russian lemmas beginning with a Cyrillic lemma's stem (its word family). */
  Index.prototype.family = function (lemma) {
    var stem = lemma.replace(ENDING, "");
    if (stem.length < 4) return [];
    var list = this.russian, low = 0, high = list.length;
    while (low < high) { var mid = (low + high) >> 1; if (list[mid] < stem) low = mid + 1; else high = mid; }
    var found = [], most = this.data.weights.maxFamily;
    for (var i = low; i < list.length && list[i].startsWith(stem) && found.length < most; i++) {
      if (list[i] !== lemma) found.push(list[i]);
    }
    return found;
  }

  Index.prototype.words = function (text) {
    var stop = this.stop;
    return (text.toLowerCase().match(WORD) || []).filter(function (w) {
      return w.length >= 2 && !stop.has(w);
    });
  };

  /* A word's indexed form in a field language: the exported map (the server's lemma or stem),
     the word itself when the field holds it, else its longest known beginning (an inflected
     form the rulebooks do not print: "армиями" → «армия» via «армия»..., "oblezeniu" → "oblezen"). */
  Index.prototype.exact = function (word, language) {
    if (/^\d+$/.test(word)) return word;
    var w = word.replace(/ё/g, "е");
    var mapped = this.data.forms[language][w];
    var known = this.known[language];
    if (mapped && known.has(mapped)) return mapped;
    if (known.has(w)) return w;
    var folded = fold(w);
    return known.has(folded) ? folded : null;
  };

  Index.prototype.form = function (word, language) {
    var exact = this.exact(word, language);
    if (exact) return exact;
    return this.beginning(word, this.known[language]);
  };

  /* The longest beginning of a word (down to three letters, four letters off) ``known`` holds. */
  Index.prototype.beginning = function (word, known) {
    var folded = fold(word);
    for (var k = folded.length - 1; k >= Math.max(3, folded.length - 4); k--) {
      if (known.has(folded.slice(0, k))) return folded.slice(0, k);
    }
    return null;
  };

  /* A word's form in the translated headings and key terms a query analysis reads: the form
     these hold (they never make a word known: a typo or Latin-typed Russian is read first). */
  Index.prototype.addedForm = function (word, language) {
    var added = this.added[language], w = word.replace(/ё/g, "е");
    var mapped = this.data.forms[language][w];
    if (mapped && added.has(mapped)) return mapped;
    if (added.has(w)) return w;
    if (added.has(fold(w))) return fold(w);
    return this.beginning(word, added);
  };

  /* A section's translated headings as sets of forms by query analysis: [[analysis, forms]]. */
  Index.prototype.headings = function (doc) {
    if (!this.translated[doc]) {
      var self = this;
      this.translated[doc] = (this.data.docs[doc].h || []).map(function (pair) {
        var language = analysisOf(pair[0]);
        return [language, new Set(self.words(pair[1]).map(function (w) { return self.addedForm(w, language); }))];
      });
    }
    return this.translated[doc];
  };

  Index.prototype.prefix = function (word) {
    var folded = fold(word);
    if (folded.length < this.data.prefixLetters || /^\d+$/.test(folded)) return null;
    return folded.slice(0, this.data.prefixLetters);
  };

  /* BM25F of one term in one field, for every document holding it: {doc: score}. */
  Index.prototype.term = function (field, term) {
    var postings = (this.data.postings[field] || {})[term];
    var found = {};
    if (!postings) return found;
    var kind = field === "prefix" ? "body" : field in this.data.lengths ? field : field.split("_")[0];
    var lengths = this.data.lengths[kind], avg = this.avg[kind];
    var df = postings.length / 2, k1 = this.data.weights.k1, b = this.data.weights.b;
    var idf = Math.log(this.n / (df + 1)) + 1;
    for (var i = 0; i < postings.length; i += 2) {
      var tf = postings[i + 1], dl = lengths[postings[i]];
      found[postings[i]] = idf * (tf * (k1 + 1)) / (tf + k1 * (1 - b + b * dl / avg));
    }
    return found;
  };

  /* The glossary's concepts the words name, longest terms first, each word one concept. */
  Index.prototype.concepts = function (words) {
    var found = [];
    var self = this;
    LANGUAGES.forEach(function (analysis) {
      var keys = self.data.glossaryKeys[analysis];
      var tokens = [];
      words.forEach(function (w, position) {
        var form = self.form(w, analysis);
        if (form) tokens.push([form, position]);
      });
      var start = 0;
      while (start < tokens.length) {
        var size = Math.min(4, tokens.length - start);
        for (; size > 0; size--) {
          var key = tokens.slice(start, start + size).map(function (t) { return t[0]; }).join(" ");
          if (Object.prototype.hasOwnProperty.call(keys, key)) {
            found.push([keys[key], tokens.slice(start, start + size).map(function (t) { return t[1]; })]);
            break;
          }
        }
        start += size || 1;
      }
    });
    return found;
  };

  function add(into, scores, boost) {
    Object.keys(scores).forEach(function (d) { into[d] = (into[d] || 0) + scores[d] * boost; });
  }

  /* A glossary concept's names in every field: {doc: score}; a name of several words counts
     where the field holds all of them. */
  Index.prototype.concept = function (number) {
    var found = {}, weights = this.data.weights;
    var self = this;
    this.data.glossary[number].forEach(function (entry) {
      var language = entry[0], tokens = entry[1];
      [["title_" + language, weights.title], ["body_" + language, 1]].forEach(function (fb) {
        var each = tokens.map(function (t) { return self.term(fb[0], t); });
        Object.keys(each[0]).forEach(function (d) {
          if (each.every(function (s) { return d in s; })) {
            var score = each.reduce(function (s, x) { return s + x[d]; }, 0) / tokens.length;
            found[d] = (found[d] || 0) + score * fb[1] * weights.glossary;
          }
        });
      });
    });
    return found;
  };

  /* One word: {doc: score} of its own forms, and {doc: true} where they count as the word.
     An unknown word is read as Russian typed in Latin letters, else by its near spellings,
     else by its longest known beginning. */
  Index.prototype.word = function (word) {
    var scores = {}, own = {}, votes = {}, terms = { ru: new Set(), pl: new Set() };
    var self = this, weights = this.data.weights;
    function lemma(language, form, boost, typed) {
      if (form) {
        terms[language].add(form);
        var title = self.term("title_" + language, form), body = self.term("body_" + language, form);
        add(scores, title, weights.title * boost); add(scores, body, boost);
        Object.keys(title).concat(Object.keys(body)).forEach(function (d) { own[d] = true; votes[d] = true; });
      }
      var other = typed && self.addedForm(typed, language);
      if (!other) return;
      terms[language].add(other);
      ADDED[language].forEach(function (field) {
        var found = self.term(field[0], other);
        add(scores, found, addedWeight(weights, field) * boost);
        Object.keys(found).forEach(function (d) { own[d] = true; if (field[3]) votes[d] = true; });
      });
    }
    var known = LANGUAGES.some(function (language) { return self.exact(word, language); });
    var readings = known ? [] : this.transliterated(word);
    readings.forEach(function (w) { lemma("ru", self.form(w, "ru") || w, weights.translit, w); });
    var near = known || readings.length ? [] : this.near(word);
    near.forEach(function (w) {
      LANGUAGES.forEach(function (language) {
        var form = self.exact(w, language);
        if (form) lemma(language, form, weights.fuzzy, w);
      });
    });
    if (known || !(readings.length || near.length)) {
      LANGUAGES.forEach(function (language) {
        var form = self.form(word, language);
        if (form) lemma(language, form, 1, word);
        else if (self.addedForm(word, language)) lemma(language, null, 1, word);
      });
    }
    if (CYRILLIC.test(word) && this.exact(word, "ru")) {
      this.family(this.exact(word, "ru")).forEach(function (member) { lemma("ru", member, weights.family); });
    }
    var translations = !CYRILLIC.test(word) && this.data.lexicon[word];
    (translations || []).forEach(function (pair) { lemma("ru", pair[0], weights.translation * pair[1]); });
    var first = this.prefix(word);
    if (first) add(scores, this.term("prefix", first), weights.prefix);
    return { scores: scores, own: own, votes: votes, terms: terms };
  };

  /* The largest share of the words one sentence of a section holds with its heading (and its
     translated headings). */
  Index.prototype.together = function (doc, each) {
    var data = this.data, language = data.docs[doc].l, self = this;
    var heading = new Set(this.words(data.docs[doc].t).map(function (w) { return self.form(w, language); }));
    var translated = this.headings(doc);
    var best = 0;
    (data.sentences[doc].length ? data.sentences[doc] : [[]]).forEach(function (ids) {
      var sentence = new Set(ids.map(function (i) { return data.vocabulary[i]; }));
      var held = each.filter(function (w) {
        return Array.from(w.terms[language]).some(function (t) { return sentence.has(t) || heading.has(t); }) ||
          translated.some(function (pair) {
            return Array.from(w.terms[pair[0]]).some(function (t) { return pair[1].has(t); });
          });
      }).length;
      if (held > best) best = held;
    });
    return best / each.length;
  };

  /* What a question asks (the server's question.understand): its words without the frame
     words ("how many", "сколько") and a game's name, which ranks that game first. */
  Index.prototype.understand = function (text) {
    var q = this.data.question, frame = new Set(q.frame);
    var tokens = text.match(WORD) || [];
    var keys = tokens.map(function (t) {
      var w = t.toLowerCase().replace(/ё/g, "е");
      return CYRILLIC.test(w) ? q.lemmas[w] || w : fold(w);
    });
    var kept = [], game = null, position = 0;
    while (position < tokens.length) {
      var size = Math.min(4, tokens.length - position);
      for (; size > 0; size--) {
        var named = q.games[keys.slice(position, position + size).join(" ")];
        if (named) { game = game || named; break; }
      }
      if (size > 0) { position += size; continue; }
      if (!frame.has(keys[position])) kept.push(tokens[position]);
      position += 1;
    }
    var words = this.words(kept.join(" "));
    return { words: words.length ? words : this.words(text), game: game };
  };

  function rulebook(doc) { return doc.u.split("/")[2]; }

  /* The rulebook most of the words found in one book only point to (the server's _book_of). */
  Index.prototype.told = function (each) {
    var data = this.data, votes = {};
    each.forEach(function (w) {
      var books = new Set(Object.keys(w.votes).map(function (d) { return data.docs[d]; })
        .filter(function (doc) { return doc.l === "ru"; }).map(rulebook));
      if (books.size === 1) { var b = books.values().next().value; votes[b] = (votes[b] || 0) + 1; }
    });
    var ranked = Object.keys(votes).sort(function (a, b) { return votes[b] - votes[a]; });
    if (!ranked.length || (ranked.length > 1 && votes[ranked[0]] === votes[ranked[1]])) return null;
    return ranked[0];
  };

  /* The sections answering ``text``, best first: [{doc, score}]. */
  Index.prototype.search = function (text, limit) {
    var question = this.understand(text);
    var words = question.words;
    if (!words.length) return [];
    var self = this, weights = this.data.weights;
    var each = words.map(function (w) { return self.word(w); });
    var total = {};
    each.forEach(function (w) { add(total, w.scores, 1); });
    this.concepts(words).forEach(function (found) {
      var scores = self.concept(found[0]);
      add(total, scores, 1);
      found[1].forEach(function (position) {
        Object.keys(scores).forEach(function (d) { each[position].own[d] = true; each[position].votes[d] = true; });
        self.data.glossary[found[0]].forEach(function (entry) {
          if (entry[1].length === 1) each[position].terms[entry[0]].add(entry[1][0]);
        });
      });
    });
    var titleForms = LANGUAGES.map(function (language) {
      return words.map(function (w) { return self.form(w, language); });
    });
    var addedForms = {};
    LANGUAGES.forEach(function (language) {
      addedForms[language] = words.map(function (w) { return self.addedForm(w, language); });
    });
    var ranked = Object.keys(total).map(function (d) {
      var doc = self.data.docs[d];
      var share = each.filter(function (w) { return w.own[d]; }).length / words.length;
      var score = total[d] * Math.pow(share, weights.coordination) * doc.w;
      var heading = new Set(self.words(doc.t).map(function (w) { return self.form(w, doc.l); }));
      var forms = titleForms[LANGUAGES.indexOf(doc.l)];
      var named = forms.every(function (f) { return f && heading.has(f); }) ||
        self.headings(d).some(function (pair) {
          return addedForms[pair[0]].every(function (f) { return f && pair[1].has(f); });
        });
      if (words.length > 1 && named) score *= weights.heading;
      return { doc: Number(d), score: score };
    }).filter(function (r) { return r.score > 0; });
    ranked.sort(function (a, b) { return b.score - a.score || a.doc - b.doc; });
    if (words.length > 1) {
      ranked.slice(0, weights.candidates).forEach(function (r) {
        r.score *= 1 + weights.proximity * self.together(r.doc, each);
      });
      ranked.sort(function (a, b) { return b.score - a.score || a.doc - b.doc; });
    }
    var told = this.told(each), data = this.data;
    var polish = /[ąćęłńóśźż]/i.test(text);
    ranked.forEach(function (r) {
      var doc = data.docs[r.doc];
      r.score *= (polish && doc.l === "pl" ? weights.language : 1) * (rulebook(doc) === told ? weights.book : 1);
    });
    ranked.sort(function (a, b) {
      var ga = data.docs[a.doc].g !== question.game, gb = data.docs[b.doc].g !== question.game;
      return (ga - gb) || b.score - a.score || a.doc - b.doc;
    });
    return ranked.slice(0, limit || 10);
  };

  var api = { Index: Index, fold: fold };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.OfflineSearch = api;
})(this);
