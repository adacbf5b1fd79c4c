#pragma once

#include <QString>

class QIODevice;

namespace sense7::import {

class ImportSink;

// Each reader streams one file's content into the sink and throws Error, naming the file and
// the position, when the file cannot be read as that format.
void readChatGpt(QIODevice &in, const QString &source, ImportSink &sink);
void readClaude(QIODevice &in, const QString &source, ImportSink &sink);
void readShareGpt(QIODevice &in, const QString &source, ImportSink &sink);
void readOpenAiJsonl(QIODevice &in, const QString &source, ImportSink &sink);
void readCsvLong(QIODevice &in, const QString &source, ImportSink &sink);
void readRatingsCsv(QIODevice &in, const QString &source, ImportSink &sink);
void readEsconv(QIODevice &in, const QString &source, ImportSink &sink);
void readBundle(QIODevice &in, const QString &source, ImportSink &sink);
void readGrok(QIODevice &in, const QString &source, ImportSink &sink);
void readOpenWebUi(QIODevice &in, const QString &source, ImportSink &sink);
void readLibreChat(QIODevice &in, const QString &source, ImportSink &sink);
void readOasst(QIODevice &in, const QString &source, ImportSink &sink);
struct Options;
/**
 * \a fast: lines are read with simdjson and the fields the mapping does not use kept as JSON
 * text; else (and for the mappings that reshape turns: score, chosen) each line is parsed into
 * nlohmann_json and Qt's JSON. Both store the same; the slower one is kept for what the fast
 * one leaves to it, and for tests that compare the two.
 */
void readMappedJsonl(QIODevice &in, const QString &source, ImportSink &sink, const Options &options,
                     bool fast = true);
void readGemini(QIODevice &in, const QString &source, ImportSink &sink, const Options &options);
void readTranscript(QIODevice &in, const QString &source, ImportSink &sink, const Options &options);
/** True when \a text reads as a pasted transcript (transcript.cpp). */
bool looksLikeTranscript(const QString &text);
/** Gemini's reply HTML as text the transcript shows: "- item", "**bold**" (gemini.cpp). */
QString htmlToText(const QString &html);

} // namespace sense7::import
