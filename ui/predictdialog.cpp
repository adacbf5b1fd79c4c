#include "predictdialog.h"

#include "classify/classifier.h"
#include "error.h"
#include "settings.h"
#include "store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <qt6keychain/keychain.h>

namespace sense7 {

namespace {

const QString keychainService = QStringLiteral("Sense-7 Studio");
const QString keychainKey = QStringLiteral("classify-api-key");

} // namespace

PredictDialog::PredictDialog(Store *store, qint64 currentConversation,
                             const QVector<qint64> &listed, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_current(currentConversation)
    , m_listed(listed)
{
    setWindowTitle(tr("Predict ratings"));
    setObjectName(QStringLiteral("predictDialog"));
    const Settings settings;

    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(
        tr("A model rates every reply on the instrument's dimensions, reading the conversation "
           "up to that reply. Its ratings are stored as a separate “model” annotator, never over "
           "anyone's own. Nothing is sent until you press Start, and only to the address below."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *form = new QFormLayout;
    m_url = new QLineEdit(settings.classifyEndpoint.get(), this);
    m_url->setPlaceholderText(QStringLiteral("http://localhost:8080/v1"));
    m_url->setToolTip(tr("Any OpenAI-compatible chat-completions endpoint: llama.cpp, Ollama, vLLM "
                         "or a hosted service."));
    form->addRow(tr("&Endpoint:"), m_url);
    m_model = new QLineEdit(settings.classifyModel.get(), this);
    m_model->setPlaceholderText(tr("for example llama3.1:8b"));
    form->addRow(tr("&Model:"), m_model);
    // The instruments that rate replies, the primary one first chosen; a choice only when there
    // are several.
    m_instrument = new QComboBox(this);
    const QString primary = store->protocol().primary().key;
    for (const Instrument &instrument : store->instruments()) {
        if (instrument.dimensionsAt(Level::Turn).isEmpty())
            continue;
        m_instrument->addItem(instrument.displayName(), instrument.key);
        if (instrument.key == primary)
            m_instrument->setCurrentIndex(m_instrument->count() - 1);
    }
    if (m_instrument->count() > 1)
        form->addRow(tr("&Instrument:"), m_instrument);
    else
        m_instrument->hide();
    m_key = new QLineEdit(this);
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(qEnvironmentVariableIsSet("SENSE7_API_KEY")
                                  ? tr("from SENSE7_API_KEY")
                                  : tr("none (local servers need none)"));
    m_key->setAccessibleName(tr("API key"));
    form->addRow(tr("API &key:"), m_key);
    m_keychain = new QCheckBox(tr("Keep the key in the system keychain"), this);
    m_keychain->setChecked(settings.classifyKeyInKeychain.get());
    form->addRow(QString(), m_keychain);
    m_context = new QSpinBox(this);
    m_context->setRange(1, 100);
    m_context->setValue(settings.classifyContextTurns.get());
    m_context->setSuffix(tr(" earlier turns"));
    form->addRow(tr("&Context:"), m_context);
    m_concurrency = new QSpinBox(this);
    m_concurrency->setRange(1, 32);
    m_concurrency->setValue(settings.classifyConcurrency.get());
    m_concurrency->setSuffix(tr(" at once"));
    form->addRow(tr("&Requests:"), m_concurrency);
    m_timeout = new QSpinBox(this);
    m_timeout->setRange(1, 600);
    m_timeout->setValue(60);
    m_timeout->setSuffix(tr(" s"));
    form->addRow(tr("&Timeout:"), m_timeout);
    m_onlyCurrent = new QRadioButton(tr("The open conversation"), this);
    m_allListed =
        new QRadioButton(tr("All %n listed conversation(s)", nullptr, int(m_listed.size())), this);
    (m_current ? m_onlyCurrent : m_allListed)->setChecked(true);
    m_onlyCurrent->setEnabled(m_current != 0);
    auto *scope = new QVBoxLayout;
    scope->addWidget(m_onlyCurrent);
    scope->addWidget(m_allListed);
    form->addRow(tr("Rate:"), scope);
    layout->addLayout(form);

    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setAccessibleName(tr("Progress"));
    layout->addWidget(m_progress);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    m_log = new QPlainTextEdit(this);
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(1000);
    m_log->setPlaceholderText(tr("Problems with single replies are listed here."));
    m_log->setAccessibleName(tr("Problems"));
    layout->addWidget(m_log, 1);

    auto *buttons = new QDialogButtonBox(this);
    m_start = buttons->addButton(tr("&Start"), QDialogButtonBox::AcceptRole);
    m_start->setDefault(true);
    m_close = buttons->addButton(QDialogButtonBox::Close);
    connect(m_start, &QPushButton::clicked, this, &PredictDialog::start);
    connect(m_close, &QPushButton::clicked, this, &PredictDialog::reject);
    layout->addWidget(buttons);
    resize(560, 560);

    if (m_keychain->isChecked())
        readKeyFromKeychain();
}

PredictDialog::~PredictDialog() = default;

void PredictDialog::setEndpoint(const QString &url, const QString &model)
{
    m_url->setText(url);
    m_model->setText(model);
}

bool PredictDialog::isRunning() const
{
    return m_classifier && m_classifier->isRunning();
}

QString PredictDialog::statusText() const
{
    return m_status->text();
}

bool PredictDialog::start()
{
    if (isRunning())
        return false;
    classify::Endpoint endpoint;
    endpoint.url = QUrl::fromUserInput(m_url->text().trimmed());
    endpoint.model = m_model->text().trimmed();
    endpoint.apiKey =
        m_key->text().isEmpty() ? qEnvironmentVariable("SENSE7_API_KEY") : m_key->text();
    endpoint.concurrency = m_concurrency->value();
    endpoint.timeoutMs = m_timeout->value() * 1000;
    classify::PromptOptions prompt;
    prompt.contextTurns = m_context->value();
    prompt.instrument = m_instrument->currentData().toString();
    const QVector<qint64> conversations =
        m_onlyCurrent->isChecked() ? QVector<qint64> {m_current} : m_listed;

    if (m_url->text().trimmed().isEmpty() || endpoint.model.isEmpty()) {
        m_status->setText(tr("Give the endpoint's address and the model's name."));
        return false;
    }
    delete m_classifier;
    m_classifier = new classify::Classifier(*m_store, endpoint, prompt, this);
    m_classifier->progress().setCallback([this](qint64 done, qint64 total) {
        m_progress->setRange(0, std::max(1, int(total)));
        m_progress->setValue(int(done));
        m_status->setText(tr("%1 of %2 replies").arg(done).arg(total));
    });
    connect(m_classifier, &classify::Classifier::turnFailed, this,
            [this](qint64, const QString &message) { m_log->appendPlainText(message); });
    connect(m_classifier, &classify::Classifier::turnPredicted, this, &PredictDialog::predicted);
    connect(m_classifier, &classify::Classifier::finished, this, &PredictDialog::finishRun);
    try {
        m_classifier->start(conversations);
    } catch (const Error &e) {
        m_status->setText(e.message());
        return false;
    }

    Settings settings;
    settings.classifyEndpoint.set(m_url->text().trimmed());
    settings.classifyModel.set(endpoint.model);
    settings.classifyContextTurns.set(m_context->value());
    settings.classifyConcurrency.set(m_concurrency->value());
    settings.classifyKeyInKeychain.set(m_keychain->isChecked());
    if (m_keychain->isChecked() && !m_key->text().isEmpty())
        storeKeyInKeychain(m_key->text());

    m_log->clear();
    m_start->setEnabled(false);
    m_close->setText(tr("&Cancel"));
    m_status->setText(tr("Asking %1…").arg(endpoint.model));
    return true;
}

void PredictDialog::cancel()
{
    if (isRunning())
        m_classifier->cancel();
}

void PredictDialog::reject()
{
    if (isRunning()) {
        cancel();
        return;
    }
    QDialog::reject();
}

void PredictDialog::finishRun()
{
    const classify::RunSummary &s = m_classifier->summary();
    m_start->setEnabled(true);
    m_close->setText(tr("&Close"));
    QString text = tr("%1 replies rated, %2 unchanged and skipped, %3 failed.")
                       .arg(s.predicted)
                       .arg(s.cached)
                       .arg(s.failed);
    if (s.cancelled)
        text = tr("Cancelled. ") + text;
    if (!s.fatal.isEmpty())
        text = tr("Stopped: %1").arg(s.fatal) + QLatin1Char(' ') + text;
    m_status->setText(text);
    if (s.queued == 0) {
        m_progress->setRange(0, 1);
        m_progress->setValue(1);
    }
    Q_EMIT runFinished();
}

void PredictDialog::readKeyFromKeychain()
{
    auto *job = new QKeychain::ReadPasswordJob(keychainService, this);
    job->setKey(keychainKey);
    connect(job, &QKeychain::Job::finished, this, [this, job] {
        if (job->error() == QKeychain::NoError && m_key->text().isEmpty())
            m_key->setText(job->textData());
    });
    job->start();
}

void PredictDialog::storeKeyInKeychain(const QString &key)
{
    auto *job = new QKeychain::WritePasswordJob(keychainService, this);
    job->setKey(keychainKey);
    job->setTextData(key);
    connect(job, &QKeychain::Job::finished, this, [this, job] {
        if (job->error() != QKeychain::NoError)
            m_log->appendPlainText(
                tr("The key could not be kept in the system keychain: %1").arg(job->errorString()));
    });
    job->start();
}

} // namespace sense7
