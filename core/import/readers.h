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

} // namespace sense7::import
